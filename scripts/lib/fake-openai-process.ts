// The fake OpenAI server in a process of its own, for `npm run bench:score`: its CPU stays off the scoring
// process's event loop (as a real endpoint's would), and its port stays the same for the cold pass and the rescore
// (the endpoint is part of the verdict cache key). Prints "FAKE_OPENAI_URL <url>" once listening.
import { startFakeOpenAi } from "../../tests/support/fake-openai";

const port = Number(process.argv[2] ?? 0);
const fake = await startFakeOpenAi(port);
console.log(`FAKE_OPENAI_URL ${fake.url}`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
