"use client";

import { useId, useState } from "react";
import { callApi } from "@/lib/api-client";
import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import type { BuildView } from "@/lib/contracts/benchmark-builds";
import { ActionButton } from "@/components/ui/action-button";
import { FormInput, PostForm, Status, useSubmit } from "@/components/ui/post-form";

type Candidate = BuildView["candidates"][number];

/** Approve spend past the budget (or resume a failed build), publish, or refresh with a later T0 and T1. */
export function BuildActions({ build }: { build: Pick<BuildView, "id" | "status" | "version"> }) {
  const params = { id: build.id };
  return (
    <>
      {(build.status === "awaiting_approval" || build.status === "failed") && (
        <ActionButton
          action={() => callApi(benchmarkBuildsRoutes.postAdminBuildsIdApprove, { params })}
          confirm="Approve the spend and resume the build? The approval is audit-logged."
          failure="The build could not be resumed."
          className="button"
        >
          {build.status === "failed" ? "Resume the build" : "Approve the spend"}
        </ActionButton>
      )}
      {build.status === "review" && (
        <ActionButton
          action={() => callApi(benchmarkBuildsRoutes.postAdminBuildsIdPublish, { params })}
          confirm={`Publish version ${build.version}? A published version never changes.`}
          failure="The version could not be published."
          className="button"
        >
          Publish the version
        </ActionButton>
      )}
    </>
  );
}

export function RefreshForm({ buildId }: { buildId: string }) {
  const [version, setVersion] = useState("");
  const [snapshot, setSnapshot] = useState("");
  const [windowEnd, setWindowEnd] = useState("");
  return (
    <PostForm
      failure="The refresh could not be started."
      idle="Refresh"
      save={() =>
        callApi(benchmarkBuildsRoutes.postAdminBuildsIdRefresh, {
          params: { id: buildId },
          body: { version: version.trim(), snapshot: snapshot.trim(), window_end: windowEnd },
        })
      }
      done={(b) => `Refresh started: build ${b.id}.`}
    >
      <FormInput label="New version" required value={version} onChange={(e) => setVersion(e.target.value)} />
      <FormInput
        label="Later snapshot T0 (commit or YYYY-MM-DD)"
        required
        value={snapshot}
        onChange={(e) => setSnapshot(e.target.value)}
      />
      <FormInput
        label="Later window end T1"
        required
        type="date"
        value={windowEnd}
        onChange={(e) => setWindowEnd(e.target.value)}
      />
    </PostForm>
  );
}

/** A maintainer's accept, reject (with a reason) or edit of one candidate; each is audit-logged. */
export function CandidateDecision({ buildId, candidate }: { buildId: string; candidate: Candidate }) {
  const id = useId();
  const report = candidate.report ?? { title: "", description: "", severity: "medium", suggested_fix: "" };
  const [title, setTitle] = useState(report.title);
  const [description, setDescription] = useState(report.description);
  const [reason, setReason] = useState("");
  const { busy, error, done, submit } = useSubmit("The decision could not be saved.");
  const params = { id: buildId, candidate: candidate.id };
  const decide = (decision: "accept" | "reject" | "edit") =>
    void submit(
      () =>
        callApi(benchmarkBuildsRoutes.postAdminBuildsIdCandidatesCandidate, {
          params,
          body: {
            decision,
            ...(reason.trim() ? { reason: reason.trim() } : {}),
            ...(decision === "edit"
              ? {
                  report: {
                    title: title.trim(),
                    description: description.trim(),
                    severity: report.severity as "low" | "medium" | "high" | "critical",
                    suggested_fix: report.suggested_fix,
                  },
                }
              : {}),
          },
        }),
      () => `Saved: ${decision}.`,
    );
  return (
    <div>
      <div className="field">
        <label htmlFor={`${id}-t`}>Title</label>
        <input id={`${id}-t`} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-d`}>Description</label>
        <textarea id={`${id}-d`} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-r`}>Reason (needed to reject)</label>
        <input id={`${id}-r`} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="button" aria-disabled={busy} onClick={() => decide("accept")}>
        Accept
      </button>{" "}
      <button type="button" aria-disabled={busy} onClick={() => decide("edit")}>
        Save the edit
      </button>{" "}
      <button type="button" aria-disabled={busy} onClick={() => decide("reject")}>
        Reject
      </button>
      <Status error={error} done={done} />
    </div>
  );
}
