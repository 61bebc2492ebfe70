import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configDir, readLogins, removeLogin, saveLogin } from "./credentials";
import { loadOperatorSettings } from "./operator-settings";

describe("stored logins", () => {
  it("lives in XDG_CONFIG_HOME/probebench, else ~/.config/probebench", () => {
    expect(configDir({ XDG_CONFIG_HOME: "/x/cfg", HOME: "/home/a" })).toBe("/x/cfg/probebench");
    expect(configDir({ XDG_CONFIG_HOME: "", HOME: "/home/a" })).toBe("/home/a/.config/probebench");
  });

  it("stores a token per server readable by the user alone, and forgets it", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "pb-cred-")), "probebench");
    const file = saveLogin(dir, "http://a:3000", { token: "pb_a" });
    saveLogin(dir, "https://b.example", { token: "pb_b" });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readLogins(dir)).toMatchObject({
      default_url: "https://b.example",
      hosts: { "http://a:3000": { token: "pb_a" }, "https://b.example": { token: "pb_b" } },
    });
    expect(removeLogin(dir, "https://b.example")).toBe(true);
    expect(removeLogin(dir, "https://b.example")).toBe(false);
    expect(readLogins(dir).default_url).toBeUndefined();
    expect(readLogins(dir).hosts["http://a:3000"]?.token).toBe("pb_a");
    writeFileSync(file, "{not json");
    expect(readLogins(dir)).toEqual({ hosts: {} });
  });
});

describe("loadOperatorSettings", () => {
  it("fills unset variables from the working directory's .env and leaves set ones alone", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "pb-env-"));
    writeFileSync(path.join(cwd, ".env"), "DATABASE_URL=postgresql://x@h/db\nREDIS_URL=redis://r\nSNAPSHOT_STORE=/s\n");
    const environment = { DATABASE_URL: "", SNAPSHOT_STORE: "/mine" } as Record<string, string | undefined>;
    expect(loadOperatorSettings(cwd, environment)).toBe(`Using DATABASE_URL from ${path.join(cwd, ".env")}`);
    expect(environment).toMatchObject({
      DATABASE_URL: "postgresql://x@h/db",
      REDIS_URL: "redis://r",
      SNAPSHOT_STORE: "/mine",
    });
    const configured = { DATABASE_URL: "postgresql://set" } as Record<string, string | undefined>;
    expect(loadOperatorSettings(cwd, configured)).toBeNull();
    expect(configured).toEqual({ DATABASE_URL: "postgresql://set" });
  });
});
