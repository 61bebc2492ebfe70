"use client";

import { useState } from "react";
import type { ApiTokenSummary } from "@/lib/server/tokens/api-tokens";
import { ApiRequestError, callApi, type ApiIssue } from "./call-api";
import { ErrorMessage } from "./error-message";
import styles from "./ui.module.css";
import { scrollRegion } from "@/components/ui/scroll-region";

function when(iso: string | null): string {
  return iso ? `${new Date(iso).toLocaleString("en-GB", { timeZone: "UTC" })} UTC` : "never";
}

/** Create (the secret is shown once), list and revoke the user's API tokens. */
export function TokensManager({ initial, serverUrl }: { initial: ApiTokenSummary[]; serverUrl: string }) {
  const [tokens, setTokens] = useState(initial);
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; token: string }>();
  const [error, setError] = useState<{ message: string; issues: ApiIssue[] }>();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      const err = e instanceof ApiRequestError ? e : new ApiRequestError(0, "The request failed.");
      setError({ message: err.message, issues: err.issues });
    } finally {
      setBusy(false);
    }
  }

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { token, ...summary } = await callApi<ApiTokenSummary & { token: string }>("/api/v1/tokens", { method: "POST", body: { name } });
      setCreated({ name: summary.name, token });
      setTokens([summary, ...tokens]);
      setName("");
    });
  };

  const revoke = (token: ApiTokenSummary) => {
    if (!window.confirm(`Revoke "${token.name}" (${token.prefix}…)? Programs using it will stop working.`)) return;
    void run(async () => {
      const { revoked_at } = await callApi<{ revoked_at: string }>(`/api/v1/tokens/${encodeURIComponent(token.id)}`, { method: "DELETE" });
      setTokens(tokens.map((t) => (t.id === token.id ? { ...t, revoked_at } : t)));
    });
  };

  return (
    <div className={`${styles.form} ${styles.wide}`}>
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      {created && (
        <div className={styles.notice} role="status">
          <p style={{ marginTop: 0 }}>
            Token <strong>{created.name}</strong> created. Copy it now: it is shown only this once.
          </p>
          <div className={styles.secret} data-testid="new-token">
            {created.token}
          </div>
          <p className={styles.hint} style={{ marginBottom: 0 }}>
            Use it with the CLI: <code>PROBEBENCH_URL={serverUrl} PROBEBENCH_TOKEN=… npx probebench submit findings.json --wait</code>
          </p>
        </div>
      )}
      <form className={styles.actions} onSubmit={create}>
        <input
          className={styles.input}
          style={{ maxWidth: 320 }}
          name="name"
          placeholder="Token name, e.g. ci or laptop"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label="Token name"
        />
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy || !name.trim()}>
          Create token
        </button>
      </form>
      {tokens.length === 0 ? (
        <p className="muted">No tokens yet.</p>
      ) : (
        <div className="table-wrap" {...scrollRegion("API tokens")}>
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Token</th>
                <th>Created</th>
                <th>Last used</th>
                <th>Status</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td>
                    <code>{t.prefix}…</code>
                  </td>
                  <td>{when(t.created_at)}</td>
                  <td>{when(t.last_used_at)}</td>
                  <td>{t.revoked_at ? <span className={`${styles.status} ${styles.statusBad}`}>revoked</span> : <span className={`${styles.status} ${styles.statusOk}`}>active</span>}</td>
                  <td>
                    {!t.revoked_at && (
                      <button type="button" className={`${styles.button} ${styles.small} ${styles.danger}`} disabled={busy} onClick={() => revoke(t)}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
