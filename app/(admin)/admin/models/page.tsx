import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { readModelEndpoints } from "@/lib/server/admin/model-endpoints";
import type { ModelProbe, RoleCheck } from "@/lib/llm/endpoint-check";
import { scrollRegion } from "@/components/ui/scroll-region";

// The model endpoints each role calls (docs/operating.md, "Each model role on its own endpoint"): as configured, and on
// request probed once, as `npx probebench llm check` does. Probing only reads (a few tiny model calls), so a link asks
// for it rather than a form that changes anything.
export const metadata: Metadata = { title: "Model endpoints", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const RESULT_TEXT: Record<ModelProbe["result"], string> = {
  not_probed: "not probed",
  ok: "works",
  rate_limited: "rate limited just now",
  unauthorized: "key refused",
  model_not_found: "no such model",
  insufficient_quota: "quota used up",
  unreachable: "unreachable",
  failed: "refused",
};

const perMinute = (rpm: number | undefined, tpm: number | undefined, none: string) =>
  [rpm !== undefined && `${rpm} rpm`, tpm !== undefined && `${tpm} tpm`].filter(Boolean).join(", ") || none;

function takes(probe: ModelProbe): string {
  if (probe.result !== "ok") return "";
  if (probe.kind === "embeddings") return `${probe.dimensions} dimensions`;
  const learned = probe.learned.length > 0 ? ` (learned: ${probe.learned.join(", ")})` : "";
  return `${probe.temperature ? "temperature" : "no temperature"}, ${probe.tokenLimitField}, ${probe.structuredOutput}${learned}`;
}

function RoleRows({ role }: { role: RoleCheck }) {
  const head = (rows: number) => (
    <>
      <th scope="row" rowSpan={rows}>
        {role.role}
      </th>
      <td rowSpan={rows}>{role.endpoint ?? "none"}</td>
      <td rowSpan={rows}>{role.account ?? ""}</td>
      <td rowSpan={rows}>{perMinute(role.configuredLimits.rpm, role.configuredLimits.tpm, "learned")}</td>
    </>
  );
  if (role.models.length === 0)
    return (
      <tr data-role={role.role}>
        {head(1)}
        <td colSpan={4}>{role.note}</td>
      </tr>
    );
  return (
    <>
      {role.models.map((probe, i) => (
        <tr key={probe.model} data-role={role.role} data-result={probe.result}>
          {i === 0 && head(role.models.length)}
          <td>
            {probe.model} <span className="muted">({probe.setting})</span>
          </td>
          <td>{RESULT_TEXT[probe.result]}</td>
          <td>{probe.message ?? takes(probe)}</td>
          <td>
            {probe.result === "ok" || probe.result === "rate_limited"
              ? perMinute(probe.limits.limitRequests, probe.limits.limitTokens, "none sent")
              : ""}
          </td>
        </tr>
      ))}
    </>
  );
}

export default async function ModelEndpointsPage({ searchParams }: Props) {
  await requirePageAdmin("/admin/models");
  const probe = (await searchParams).probe === "1";
  const report = await readModelEndpoints(probe);
  return (
    <>
      <h1>Model endpoints</h1>
      <p className="muted">
        Each role calls its own endpoint, or the OPENAI_* one where it names none; roles with the same account letter
        share one endpoint and key, hence one budget of requests and tokens (docs/operating.md).{" "}
        {probe ? (
          <>
            Probed just now with one small request per model. <Link href="/admin/models">Show the settings only</Link>
          </>
        ) : (
          <Link href="/admin/models?probe=1">Probe every endpoint and model now</Link>
        )}
      </p>
      <div className="table-wrap" {...scrollRegion("Model endpoints")}>
        <table data-testid="model-endpoints">
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Account</th>
              <th scope="col">Limits configured</th>
              <th scope="col">Model</th>
              <th scope="col">Result</th>
              <th scope="col">Takes, or what is wrong</th>
              <th scope="col">Limits from headers</th>
            </tr>
          </thead>
          <tbody>
            {report.roles.map((role) => (
              <RoleRows key={role.role} role={role} />
            ))}
          </tbody>
        </table>
      </div>
      {probe && (
        <p data-testid="model-endpoints-verdict">
          {report.ok ? "Every configured role can call its models." : "Some roles cannot call their models (above)."}
        </p>
      )}
    </>
  );
}
