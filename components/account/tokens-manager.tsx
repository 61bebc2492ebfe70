"use client";

import { useState } from "react";
import type { ApiTokenSummary } from "@/lib/server/tokens/api-tokens";
import {
  DEFAULT_TOKEN_EXPIRY_DAYS,
  DEFAULT_TOKEN_SCOPES,
  TOKEN_EXPIRY_CHOICES,
  TOKEN_SCOPES,
  TOKEN_SCOPE_LABELS,
  type TokenScope,
} from "@/lib/validation/api-token";
import { ApiError, callApi, type ApiIssue } from "@/lib/api-client";
import { ErrorMessage } from "./error-message";
import styles from "./ui.module.css";
import { scrollRegion } from "@/components/ui/scroll-region";
import { ColumnHeads } from "@/components/ui/column-heads";

// "30 Dec 2026, 13:05 UTC": the month spelt out, so no reader mistakes day for month; fixed to UTC, so the server's
// and the browser's renderings agree.
function when(iso: string | null): string {
  return iso
    ? `${new Date(iso).toLocaleString("en-GB", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" })} UTC`
    : "never";
}

function TokenStatus({ token }: { token: ApiTokenSummary }) {
  if (token.revoked_at) return <span className={`${styles.status} ${styles.statusBad}`}>revoked</span>;
  if (token.expired) return <span className={`${styles.status} ${styles.statusWarn}`}>expired</span>;
  return <span className={`${styles.status} ${styles.statusOk}`}>active</span>;
}

/** Create (with scopes and a lifetime; the secret is shown once), list and revoke the user's API tokens. */
export function TokensManager({
  initial,
  serverUrl,
  canAdmin,
}: {
  initial: ApiTokenSummary[];
  serverUrl: string;
  canAdmin: boolean;
}) {
  const [tokens, setTokens] = useState(initial);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>([...DEFAULT_TOKEN_SCOPES]);
  const [expiresDays, setExpiresDays] = useState(DEFAULT_TOKEN_EXPIRY_DAYS);
  const [created, setCreated] = useState<ApiTokenSummary & { token: string }>();
  const [error, setError] = useState<{ message: string; issues: ApiIssue[] }>();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, "The request failed.");
      setError({ message: err.message, issues: err.issues });
    } finally {
      setBusy(false);
    }
  }

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const made = await callApi<ApiTokenSummary & { token: string }>("/api/v1/tokens", {
        method: "POST",
        body: { name, scopes, expires_days: expiresDays },
      });
      const { token: _secret, ...summary } = made;
      setCreated(made);
      setTokens([summary, ...tokens]);
      setName("");
    });
  };

  const toggleScope = (scope: TokenScope, on: boolean) =>
    // kept in the canonical order, so the request and the list read the same way
    setScopes(TOKEN_SCOPES.filter((s) => (s === scope ? on : scopes.includes(s))));

  const revoke = (token: ApiTokenSummary) => {
    if (!window.confirm(`Revoke "${token.name}" (${token.prefix}…)? Programs using it will stop working.`)) return;
    void run(async () => {
      const { revoked_at } = await callApi<{ revoked_at: string }>(`/api/v1/tokens/${encodeURIComponent(token.id)}`, {
        method: "DELETE",
      });
      setTokens(tokens.map((t) => (t.id === token.id ? { ...t, revoked_at } : t)));
    });
  };

  return (
    <div className={`${styles.form} ${styles.wide}`}>
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      {created && (
        <div className={styles.notice} role="status">
          <p style={{ marginTop: 0 }}>
            Token <strong>{created.name}</strong> created with the {created.scopes.length === 1 ? "scope" : "scopes"}{" "}
            {created.scopes.join(", ")}; it expires {when(created.expires_at)}. Copy it now: it is shown only this once.
          </p>
          <div className={styles.secret} data-testid="new-token">
            {created.token}
          </div>
          <p className={styles.hint} style={{ marginBottom: 0 }}>
            Use it with the CLI:{" "}
            <code>PROBEBENCH_URL={serverUrl} PROBEBENCH_TOKEN=… npx probebench submit findings.json --wait</code>
          </p>
        </div>
      )}
      <form className={`${styles.form} ${styles.wide}`} onSubmit={create} aria-label="Create an API token">
        <div className={styles.actions}>
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
          <label className={styles.actions}>
            <span className={styles.label}>Expires after</span>
            <select
              className={styles.select}
              style={{ width: "auto" }}
              name="expires_days"
              value={expiresDays}
              onChange={(e) => setExpiresDays(Number(e.target.value))}
            >
              {TOKEN_EXPIRY_CHOICES.map((days) => (
                <option key={days} value={days}>
                  {days} days
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className={`${styles.button} ${styles.primary}`}
            disabled={busy || !name.trim() || scopes.length === 0}
          >
            Create token
          </button>
        </div>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={styles.label} style={{ marginBottom: 6 }}>
            Scopes: what the token may do
          </legend>
          <div className={styles.field}>
            {TOKEN_SCOPES.filter((scope) => scope !== "admin" || canAdmin).map((scope) => (
              <label key={scope}>
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggleScope(scope, e.target.checked)}
                />{" "}
                <code>{scope}</code> <span className={styles.hint}>{TOKEN_SCOPE_LABELS[scope]}</span>
              </label>
            ))}
          </div>
          {scopes.length === 0 && <p className={styles.hint}>Choose at least one scope.</p>}
        </fieldset>
      </form>
      {tokens.length === 0 ? (
        <p className="muted">No tokens yet.</p>
      ) : (
        <div className="table-wrap" {...scrollRegion("API tokens")}>
          <table>
            <ColumnHeads
              columns={[
                "Name",
                "Token",
                "Scopes",
                "Created",
                "Expires",
                "Last used",
                "Status",
                { label: "Actions", hidden: true },
              ]}
              scoped={false}
            />
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td>
                    <code>{t.prefix}…</code>
                  </td>
                  <td>{t.scopes.join(", ")}</td>
                  <td>{when(t.created_at)}</td>
                  <td>{when(t.expires_at)}</td>
                  <td>{when(t.last_used_at)}</td>
                  <td>
                    <TokenStatus token={t} />
                  </td>
                  <td>
                    {!t.revoked_at && !t.expired && (
                      <button
                        type="button"
                        className={`${styles.button} ${styles.small} ${styles.danger}`}
                        disabled={busy}
                        onClick={() => revoke(t)}
                      >
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
