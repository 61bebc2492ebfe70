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
import { callApi } from "@/lib/api-client";
import { ErrorMessage } from "@/components/ui/error-message";
import { CheckboxGroup } from "./checkbox-group";
import { InlineInput, SubmitButton } from "@/components/ui/form-field";
import { ShownOnce, useCreatedOnce } from "./shown-once";
import { useApiAction, type CreateFormProps } from "./use-api-action";
import { formatUtc } from "@/lib/format";
import { SmallButton } from "./small-button";
import styles from "@/components/ui/forms.module.css";
import { scrollRegion } from "@/components/ui/scroll-region";
import { ColumnHeads } from "@/components/ui/column-heads";
import { accountRoutes } from "@/lib/contracts/account-routes";

const when = (iso: string | null) => (iso ? `${formatUtc(iso, "minute")} UTC` : "never");

function TokenStatus({ token }: { token: ApiTokenSummary }) {
  if (token.revoked_at) return <span className={`${styles.status} ${styles.statusBad}`}>revoked</span>;
  if (token.expired) return <span className={`${styles.status} ${styles.statusWarn}`}>expired</span>;
  return <span className={`${styles.status} ${styles.statusOk}`}>active</span>;
}

type CreatedToken = ApiTokenSummary & { token: string };

const withoutSecret = ({ token: _secret, ...summary }: CreatedToken): ApiTokenSummary => summary;

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
  const { items: tokens, setItems: setTokens, created, add } = useCreatedOnce(initial, withoutSecret);
  const { busy, error, run } = useApiAction();

  const revoke = (token: ApiTokenSummary) => {
    if (!window.confirm(`Revoke "${token.name}" (${token.prefix}…)? Programs using it will stop working.`)) return;
    void run(async () => {
      const { revoked_at } = await callApi(accountRoutes.deleteTokensId, { params: { id: token.id } });
      setTokens(tokens.map((t) => (t.id === token.id ? { ...t, revoked_at } : t)));
    });
  };

  return (
    <div className={`${styles.form} ${styles.wide}`}>
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      {created && <NewToken created={created} serverUrl={serverUrl} />}
      <CreateTokenForm canAdmin={canAdmin} busy={busy} run={run} onCreated={add} />
      {tokens.length === 0 ? (
        <p className="muted">No tokens yet.</p>
      ) : (
        <TokenTable tokens={tokens} busy={busy} onRevoke={revoke} />
      )}
    </div>
  );
}

/** The token just created, with its secret: the only time the server shows it. */
function NewToken({ created, serverUrl }: { created: CreatedToken; serverUrl: string }) {
  return (
    <ShownOnce
      what={
        <>
          Token <strong>{created.name}</strong> created with the {created.scopes.length === 1 ? "scope" : "scopes"}{" "}
          {created.scopes.join(", ")}; it expires {when(created.expires_at)}. Copy it now: it is shown only this once.
        </>
      }
      secret={created.token}
      testId="new-token"
      usage={
        <>
          Use it with the CLI:{" "}
          <code>PROBEBENCH_URL={serverUrl} PROBEBENCH_TOKEN=… npx probebench submit findings.json --wait</code>
        </>
      }
    />
  );
}

/** A new token's name, lifetime and scopes (the admin scope only for admins); the name clears once it is created. */
function CreateTokenForm({ canAdmin, busy, run, onCreated }: CreateFormProps<CreatedToken> & { canAdmin: boolean }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>([...DEFAULT_TOKEN_SCOPES]);
  const [expiresDays, setExpiresDays] = useState(DEFAULT_TOKEN_EXPIRY_DAYS);

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const made = await callApi(accountRoutes.postTokens, { body: { name, scopes, expires_days: expiresDays } });
      onCreated(made);
      setName("");
    });
  };

  return (
    <form className={`${styles.form} ${styles.wide}`} onSubmit={create} aria-label="Create an API token">
      <div className={styles.actions}>
        <InlineInput
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
        <SubmitButton disabled={busy || !name.trim() || scopes.length === 0}>Create token</SubmitButton>
      </div>
      <CheckboxGroup
        legend="Scopes: what the token may do"
        name="scopes"
        choices={TOKEN_SCOPES.filter((scope) => scope !== "admin" || canAdmin)}
        checked={scopes}
        labels={TOKEN_SCOPE_LABELS}
        onChange={setScopes}
      />
      {scopes.length === 0 && <p className={styles.hint}>Choose at least one scope.</p>}
    </form>
  );
}

/** The user's tokens, each with its state; a live one can be revoked. */
function TokenTable({
  tokens,
  busy,
  onRevoke,
}: {
  tokens: ApiTokenSummary[];
  busy: boolean;
  onRevoke: (token: ApiTokenSummary) => void;
}) {
  return (
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
                  <SmallButton danger disabled={busy} onClick={() => onRevoke(t)}>
                    Revoke
                  </SmallButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
