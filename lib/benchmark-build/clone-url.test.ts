import { describe, expect, it } from "vitest";
import { checkCloneUrl } from "./clone-url";
import { SidebandReader, parseRefAdvertisement, splitPktLines, uploadPackRequest } from "./git-smart-http";

const HOSTS = ["github.com", "10.0.0.5"];
const pkt = (s: string) => (s.length + 4).toString(16).padStart(4, "0") + s;

describe("clone URLs", () => {
  it("takes https on an allowed host, http only on an allowlisted address, nothing with credentials or a query", () => {
    expect(checkCloneUrl("https://github.com/a/b.git", HOSTS)).toMatchObject({ host: "github.com" });
    expect(checkCloneUrl("https://GitHub.com/a/b", HOSTS)).toMatchObject({ trustedAddress: false });
    expect(checkCloneUrl("http://10.0.0.5:8080/b.git", HOSTS)).toMatchObject({ trustedAddress: true });
    expect(checkCloneUrl("http://github.com/a/b", HOSTS)).toEqual({ refused: "a clone URL must use https" });
    expect(checkCloneUrl("https://evil.example/a", HOSTS)).toMatchObject({ refused: expect.stringContaining("evil") });
    expect(checkCloneUrl("https://u:p@github.com/a", HOSTS)).toMatchObject({
      refused: expect.stringContaining("cred"),
    });
    expect(checkCloneUrl("https://github.com/a?x=1", HOSTS)).toMatchObject({
      refused: expect.stringContaining("query"),
    });
    expect(checkCloneUrl("file:///etc", HOSTS)).toMatchObject({ refused: "file: is not http(s)" });
  });
});

describe("git smart HTTP framing", () => {
  const a = "a".repeat(40);
  const b = "b".repeat(40);

  it("reads the advertised refs and HEAD's branch", () => {
    const ad = Buffer.from(
      pkt("# service=git-upload-pack\n") +
        "0000" +
        pkt(`${a} HEAD\0multi_ack symref=HEAD:refs/heads/trunk agent=git/2\n`) +
        pkt(`${a} refs/heads/trunk\n`) +
        pkt(`${b} refs/tags/v1\n`) +
        "0000",
    );
    const { refs, headTarget } = parseRefAdvertisement(ad);
    expect(headTarget).toBe("refs/heads/trunk");
    expect(refs.get("refs/tags/v1")).toBe(b);
    expect(() => parseRefAdvertisement(Buffer.from("<html>"))).toThrow();
  });

  it("asks for the wanted commits and takes band 1 out of the answer, split anywhere", () => {
    const lines = splitPktLines(uploadPackRequest([a, b]));
    expect(lines.map((l) => l?.toString() ?? null)).toEqual([
      `want ${a} side-band-64k ofs-delta no-progress agent=git/probebench\n`,
      `want ${b}\n`,
      null,
      "done\n",
    ]);
    const answer = Buffer.from(pkt("NAK\n") + pkt("\x01PACK") + pkt("\x02progress") + pkt("\x01data") + "0000");
    const pack: Buffer[] = [];
    const reader = new SidebandReader((c) => pack.push(c));
    for (let i = 0; i < answer.length; i += 3) reader.push(answer.subarray(i, i + 3));
    expect(Buffer.concat(pack).toString()).toBe("PACKdata");
    expect(reader.done).toBe(true);
    const refused = new SidebandReader(() => {});
    refused.push(Buffer.from(pkt("ERR access denied\n")));
    expect(refused.serverError).toBe("access denied");
  });
});
