// What `npm run demo` puts into its database. The demo admin has a published password and gets a fresh API token on
// every start: harmless in the demo's own embedded PostgreSQL (.data/pg), never acceptable in a database someone
// configured through DATABASE_URL, which may be shared or in use. There the demo imports the demo data only.

export const DEMO_EMAIL = "demo@probebench.local";
export const DEMO_PASSWORD = "probebench-demo";

export type DemoPlan = {
  /** The demo starts and owns its database (DATABASE_URL was not set). */
  embeddedDatabase: boolean;
  /** Create the demo admin (published password) and print a new API token for it. */
  demoAccount: boolean;
};

/** The plan for a run, from the DATABASE_URL the demo was started with (unset or empty: the embedded database). */
export function planDemo(configuredDatabaseUrl: string | undefined): DemoPlan {
  const embeddedDatabase = !configuredDatabaseUrl;
  return { embeddedDatabase, demoAccount: embeddedDatabase };
}

/** The lines printed once the app is up. */
export function demoBanner(plan: DemoPlan, opts: { port: number; token?: string }): string[] {
  const account =
    plan.demoAccount && opts.token
      ? [
          `  Demo admin: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`,
          `  API token for the CLI: export PROBEBENCH_TOKEN=${opts.token}`,
          "  Try: npx probebench submit data/demo/findings-agent-a.json --wait",
        ]
      : [
          "  No demo admin or API token: DATABASE_URL is configured, and the demo creates them only in its own embedded",
          "  database. Create an account there with: npx probebench user create --email you@example.org --role admin --password '…'",
        ];
  return [
    "",
    `  probebench is running at http://localhost:${opts.port}`,
    ...account,
    "  Logs: .data/logs/  Stop with Ctrl-C.",
    "",
  ];
}
