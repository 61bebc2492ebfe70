"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { UserSummary } from "@/lib/server/admin/list-users";
import { ApiError, callApi } from "@/lib/api-client";
import styles from "@/components/ui/forms.module.css";
import { adminRoutes } from "@/lib/contracts/admin-routes";
import type { updateUserBodySchema } from "@/lib/contracts/admin";
import type { z } from "zod";

/** Edits one user's role, quota override and disabled flag; a reason is required and goes to the audit log. */
export function UserEditor({
  user,
  isSelf,
  defaultQuota,
}: {
  user: UserSummary;
  isSelf: boolean;
  defaultQuota: number;
}) {
  const router = useRouter();
  const [role, setRole] = useState(user.role);
  const [quota, setQuota] = useState(
    user.submission_quota_per_day === null ? "" : String(user.submission_quota_per_day),
  );
  const [disabled, setDisabled] = useState(user.disabled);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  const quotaValue = quota.trim() === "" ? null : Number(quota);
  const changed = role !== user.role || quotaValue !== user.submission_quota_per_day || disabled !== user.disabled;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    const body: z.input<typeof updateUserBodySchema> = { reason };
    if (role !== user.role) body.role = role;
    if (quotaValue !== user.submission_quota_per_day) body.submission_quota_per_day = quotaValue;
    if (disabled !== user.disabled) body.disabled = disabled;
    try {
      await callApi(adminRoutes.patchAdminUsersId, { params: { id: user.id }, body });
      setReason("");
      setMessage({ ok: true, text: "Saved." });
      router.refresh();
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, "Saving failed.");
      setMessage({
        ok: false,
        text:
          err.message + (err.issues.length ? `: ${err.issues.map((i) => `${i.path} ${i.message}`).join("; ")}` : ""),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.actions} onSubmit={save} aria-label={`Edit ${user.email}`}>
      <select
        className={styles.select}
        style={{ width: "auto" }}
        value={role}
        disabled={isSelf}
        onChange={(e) => setRole(e.target.value as UserSummary["role"])}
        aria-label="Role"
      >
        <option value="user">user</option>
        <option value="maintainer">maintainer</option>
        <option value="admin">admin</option>
      </select>
      <input
        className={styles.input}
        style={{ width: 110 }}
        inputMode="numeric"
        placeholder={`default ${defaultQuota}`}
        value={quota}
        onChange={(e) => setQuota(e.target.value)}
        aria-label="Uploads per day (empty for the default)"
        title="Uploads per day; empty for the default"
      />
      <label className={styles.hint}>
        <input type="checkbox" checked={disabled} disabled={isSelf} onChange={(e) => setDisabled(e.target.checked)} />{" "}
        disabled
      </label>
      <input
        className={styles.input}
        style={{ width: 200 }}
        placeholder="Reason (audit log)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        aria-label="Reason"
        maxLength={2000}
      />
      <button
        type="submit"
        className={`${styles.button} ${styles.small}`}
        disabled={busy || !changed || !reason.trim()}
      >
        Save
      </button>
      {message && (
        <span
          role={message.ok ? "status" : "alert"}
          className={styles.hint}
          style={{ color: message.ok ? "var(--ok)" : "var(--bad)", whiteSpace: "normal" }}
        >
          {message.text}
        </span>
      )}
    </form>
  );
}
