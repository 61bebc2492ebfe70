import { describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, demoBanner, planDemo } from "./demo-plan";

describe("planDemo", () => {
  it("creates the demo admin and token only in the demo's own embedded database", () => {
    expect(planDemo(undefined)).toEqual({ embeddedDatabase: true, demoAccount: true });
    expect(planDemo("")).toEqual({ embeddedDatabase: true, demoAccount: true });
  });

  it("never creates them in a configured DATABASE_URL", () => {
    expect(planDemo("postgresql://postgres@db.example:5432/probebench")).toEqual({
      embeddedDatabase: false,
      demoAccount: false,
    });
    expect(planDemo("postgresql://postgres@127.0.0.1:54329/probebench")).toEqual({
      embeddedDatabase: false,
      demoAccount: false,
    });
  });
});

describe("demoBanner", () => {
  it("prints the demo admin and token for the embedded database", () => {
    const text = demoBanner(planDemo(undefined), { port: 3000, token: "pb_demo" }).join("\n");
    expect(text).toContain(`${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
    expect(text).toContain("export PROBEBENCH_TOKEN=pb_demo");
  });

  it("says why there is no demo admin or token with a configured database, and prints no password", () => {
    const text = demoBanner(planDemo("postgresql://db.example/probebench"), { port: 3000 }).join("\n");
    expect(text).toContain("No demo admin or API token: DATABASE_URL is configured");
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain("PROBEBENCH_TOKEN");
  });
});
