"use client";

import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import { ApiError, callApi } from "@/lib/api-client";
import {
  ADMIN_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  type createdWebhookSchema,
  type webhookDeliveriesSchema,
  type webhookSchema,
  type WebhookEventType,
} from "@/lib/contracts/webhooks";
import { ColumnHeads } from "@/components/ui/column-heads";
import { scrollRegion } from "@/components/ui/scroll-region";
import { ErrorMessage } from "@/components/ui/error-message";
import { CheckboxGroup } from "./checkbox-group";
import { LabelledInput, SubmitButton } from "@/components/ui/form-field";
import { ShownOnce, useCreatedOnce } from "./shown-once";
import { useApiAction, type CreateFormProps } from "./use-api-action";
import { formatUtc } from "@/lib/format";
import { SmallButton } from "./small-button";
import styles from "@/components/ui/forms.module.css";
import { webhooksRoutes } from "@/lib/contracts/webhooks-routes";

type Endpoint = z.infer<typeof webhookSchema>;
type Created = z.infer<typeof createdWebhookSchema>;
type Deliveries = z.infer<typeof webhookDeliveriesSchema>;

const EVENT_LABELS: Record<WebhookEventType, string> = {
  "submission.scored": "scoring finished",
  "submission.failed": "scoring failed",
  "submission.approved": "an admin approved it",
  "submission.rejected": "an admin rejected it",
  "panel.completed": "panel validation finished",
  "audit_run.finished": "an in-house audit run finished (admins)",
};

const when = (iso: string | null) => (iso ? `${formatUtc(iso, "second")} UTC` : "—");

function DeliveryLog({ endpoint }: { endpoint: Endpoint }) {
  const [page, setPage] = useState<Deliveries>();
  const [error, setError] = useState<string>();
  const load = useCallback(
    async (n: number) => {
      try {
        setError(undefined);
        setPage(
          await callApi(webhooksRoutes.getWebhooksIdDeliveries, {
            params: { id: endpoint.id },
            query: { page: n, per_page: 20 },
          }),
        );
      } catch (e) {
        setError(e instanceof ApiError ? e.message : "The delivery log could not be loaded.");
      }
    },
    [endpoint.id],
  );
  useEffect(() => {
    void load(1);
  }, [load]);
  if (error)
    return (
      <p className={styles.alert} role="alert">
        {error}
      </p>
    );
  if (!page) return <p className={styles.hint}>Loading deliveries…</p>;
  if (page.deliveries.length === 0) return <p className="muted">No deliveries yet: send a test event.</p>;
  const { pagination } = page;
  return (
    <div>
      <div className="table-wrap" {...scrollRegion(`Deliveries to ${endpoint.url}`)}>
        <table>
          <caption>Deliveries to {endpoint.url}, newest first</caption>
          <ColumnHeads
            columns={[
              "Event",
              "Status",
              { label: "Attempts", num: true },
              { label: "HTTP status", num: true },
              "Last attempt",
              "Next attempt",
              "Error or answer",
              "webhook-id",
            ]}
          />
          <tbody>
            {page.deliveries.map((d) => (
              <tr key={d.id}>
                <td>
                  <code>{d.event}</code>
                </td>
                <td>
                  <span
                    className={`${styles.status} ${d.status === "succeeded" ? styles.statusOk : d.status === "failed" ? styles.statusBad : styles.statusWarn}`}
                  >
                    {d.status}
                  </span>
                </td>
                <td className="num">{d.attempts}</td>
                <td className="num">{d.response_status ?? "—"}</td>
                <td>{when(d.last_attempt_at)}</td>
                <td>{when(d.next_attempt_at)}</td>
                <td>{d.error ?? (d.response_excerpt ? <code>{d.response_excerpt.slice(0, 120)}</code> : "—")}</td>
                <td>
                  <code>{d.id}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.actions}>
        <SmallButton disabled={pagination.page <= 1} onClick={() => void load(pagination.page - 1)}>
          Newer
        </SmallButton>
        <span className={styles.hint}>
          Page {pagination.page} of {pagination.pages} ({pagination.total} deliveries)
        </span>
        <SmallButton disabled={pagination.page >= pagination.pages} onClick={() => void load(pagination.page + 1)}>
          Older
        </SmallButton>
        <SmallButton onClick={() => void load(pagination.page)}>Refresh</SmallButton>
      </div>
    </div>
  );
}

const withoutSecret = ({ secret: _secret, ...endpoint }: Created): Endpoint => endpoint;

/** Register endpoints (the signing secret is shown once), send test events, read the delivery log, delete. */
export function WebhooksManager({ initial, isAdmin }: { initial: Endpoint[]; isAdmin: boolean }) {
  const { items: endpoints, setItems: setEndpoints, created, add } = useCreatedOnce(initial, withoutSecret);
  const [open, setOpen] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const { busy, error, run } = useApiAction(() => setNotice(undefined));

  const sendTest = (endpoint: Endpoint) =>
    void run(async () => {
      const sent = await callApi(webhooksRoutes.postWebhooksIdTest, { params: { id: endpoint.id } });
      setNotice(`A test event (${sent.delivery_id}) is on its way to ${endpoint.url}.`);
      setOpen(undefined);
      setTimeout(() => setOpen(endpoint.id), 1_500);
    });

  const enable = (endpoint: Endpoint) =>
    void run(async () => {
      const enabled = await callApi(webhooksRoutes.postWebhooksIdEnable, { params: { id: endpoint.id } });
      setEndpoints(endpoints.map((e) => (e.id === enabled.id ? enabled : e)));
      setNotice(`The webhook to ${endpoint.url} is enabled again: new events will be delivered.`);
    });

  const remove = (endpoint: Endpoint) => {
    if (!window.confirm(`Delete the webhook to ${endpoint.url} and its delivery log?`)) return;
    void run(async () => {
      await callApi(webhooksRoutes.deleteWebhooksId, { params: { id: endpoint.id } });
      setEndpoints(endpoints.filter((e) => e.id !== endpoint.id));
    });
  };

  return (
    <div className={`${styles.form} ${styles.wide}`}>
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      {created && <NewWebhook created={created} />}
      <RegisterWebhookForm isAdmin={isAdmin} busy={busy} run={run} onCreated={add} />
      {endpoints.some((e) => e.disabled_at) && (
        <p className={styles.alert} role="alert">
          A webhook below is disabled: every delivery to it failed for 24 hours, so it gets no events. Fix the receiver,
          then choose &ldquo;Re-enable&rdquo;.
        </p>
      )}
      {endpoints.length === 0 ? (
        <p className="muted">No webhooks yet: register an endpoint above, then send it a test event.</p>
      ) : (
        <WebhookTable
          endpoints={endpoints}
          busy={busy}
          open={open}
          actions={{ test: sendTest, enable, toggle: (e) => setOpen(open === e.id ? undefined : e.id), remove }}
        />
      )}
      {endpoints
        .filter((e) => e.id === open)
        .map((e) => (
          <DeliveryLog key={e.id} endpoint={e} />
        ))}
    </div>
  );
}

/** The endpoint just registered, with its signing secret: the only time the server shows it. */
function NewWebhook({ created }: { created: Created }) {
  return (
    <ShownOnce
      what={<>Webhook to {created.url} registered. Its signing secret, shown only this once:</>}
      secret={created.secret}
      testId="new-webhook-secret"
      usage={
        <>
          Verify each request with a Standard Webhooks library, e.g.{" "}
          <code>new Webhook(secret).verify(body, headers)</code>.
        </>
      }
    />
  );
}

/** A new endpoint's URL, description and events (admins also see the admin-only ones); cleared once registered. */
function RegisterWebhookForm({ isAdmin, busy, run, onCreated }: CreateFormProps<Created> & { isAdmin: boolean }) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["submission.scored", "submission.failed"]);
  const choices = WEBHOOK_EVENTS.filter((e) => isAdmin || !ADMIN_WEBHOOK_EVENTS.includes(e));

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const made = await callApi(webhooksRoutes.postWebhooks, {
        body: { url, events, ...(description.trim() ? { description } : {}) },
      });
      onCreated(made);
      setUrl("");
      setDescription("");
    });
  };

  return (
    <form className={`${styles.form} ${styles.wide}`} onSubmit={create} aria-label="Register a webhook">
      <LabelledInput
        label="Endpoint URL"
        type="url"
        name="url"
        required
        maxLength={2000}
        placeholder="https://ci.example.com/probebench"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <LabelledInput
        label="Description (optional)"
        name="description"
        maxLength={200}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <CheckboxGroup
        legend="Events about your submissions"
        name="events"
        choices={choices}
        checked={events}
        labels={EVENT_LABELS}
        onChange={setEvents}
      />
      <div className={styles.actions}>
        <SubmitButton disabled={busy || !url.trim() || events.length === 0}>Register webhook</SubmitButton>
      </div>
    </form>
  );
}

/** The user's endpoints, each with its last delivery and its actions: a test event, the delivery log, delete. */
function WebhookTable({
  endpoints,
  busy,
  open,
  actions,
}: {
  endpoints: Endpoint[];
  busy: boolean;
  /** The endpoint whose delivery log is shown. */
  open: string | undefined;
  /** What each row's buttons do: send a test event, re-enable, show or hide its delivery log, remove. */
  actions: Record<"test" | "enable" | "toggle" | "remove", (endpoint: Endpoint) => void>;
}) {
  return (
    <div className="table-wrap" {...scrollRegion("Webhooks")}>
      <table>
        <caption>Your webhook endpoints</caption>
        <ColumnHeads
          columns={["URL", "Events", "Created", "State", "Last delivery", { label: "Actions", hidden: true }]}
        />
        <tbody>
          {endpoints.map((e) => (
            <tr key={e.id}>
              <td>
                <code>{e.url}</code>
                {e.description && <div className={styles.hint}>{e.description}</div>}
              </td>
              <td>{e.events.join(", ")}</td>
              <td>{when(e.created_at)}</td>
              <td>
                <EndpointState endpoint={e} />
              </td>
              <td>
                {e.last_delivery
                  ? `${e.last_delivery.status}${e.last_delivery.response_status ? ` (${e.last_delivery.response_status})` : ""}, ${when(e.last_delivery.at)}`
                  : "—"}
              </td>
              <td>
                <div className={styles.actions}>
                  {e.disabled_at ? (
                    <SmallButton disabled={busy} onClick={() => actions.enable(e)}>
                      Re-enable
                    </SmallButton>
                  ) : (
                    <SmallButton disabled={busy} onClick={() => actions.test(e)}>
                      Send test event
                    </SmallButton>
                  )}
                  <SmallButton aria-expanded={open === e.id} onClick={() => actions.toggle(e)}>
                    Deliveries
                  </SmallButton>
                  <SmallButton danger disabled={busy} onClick={() => actions.remove(e)}>
                    Delete
                  </SmallButton>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Active, failing (since when, how many attempts in a row) or disabled (when and why). */
function EndpointState({ endpoint: e }: { endpoint: Endpoint }) {
  if (e.disabled_at)
    return (
      <>
        <span className={`${styles.status} ${styles.statusBad}`}>disabled</span>
        <div className={styles.hint}>
          {when(e.disabled_at)}: {e.disabled_reason ?? "disabled by the server"}
        </div>
      </>
    );
  if (e.consecutive_failures > 0)
    return (
      <>
        <span className={`${styles.status} ${styles.statusWarn}`}>failing</span>
        <div className={styles.hint}>
          {e.consecutive_failures} failed attempt{e.consecutive_failures === 1 ? "" : "s"} in a row since{" "}
          {when(e.failing_since)}; disabled after 24 hours of failures
        </div>
      </>
    );
  return <span className={`${styles.status} ${styles.statusOk}`}>active</span>;
}
