"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { callApi } from "@/lib/api-client";
import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import { uploadedBundleSchema } from "@/lib/contracts/benchmark-builds";
import { FormInput, PostForm } from "@/components/ui/post-form";

/** Uploads a bundle's bytes (the typed client sends text only, a bundle is binary) and returns its id. */
async function uploadBundle(file: File): Promise<string> {
  const response = await fetch(benchmarkBuildsRoutes.postAdminBuildsBundles.path, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: file,
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.error?.message ?? `The bundle upload failed (HTTP ${response.status}).`);
  return uploadedBundleSchema.parse(body).bundle;
}

/** Starts a build: one repository from a git bundle, the snapshot T0, the window end T1, a budget. */
export function StartBuildForm() {
  const router = useRouter();
  const [fields, setFields] = useState({
    slug: "",
    name: "",
    version: "",
    snapshot: "",
    window_end: "",
    budget: "50",
    repo: "",
    language: "python",
  });
  const [bundle, setBundle] = useState<File | null>(null);
  const field = (name: keyof typeof fields, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FormInput
      label={label}
      value={fields[name]}
      autoComplete="off"
      onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      {...extra}
    />
  );
  const start = async () => {
    if (!bundle) throw new Error("Choose the repository's git bundle.");
    const source = { bundle: await uploadBundle(bundle) };
    const build = await callApi(benchmarkBuildsRoutes.postAdminBuilds, {
      body: {
        slug: fields.slug.trim(),
        name: fields.name.trim(),
        version: fields.version.trim(),
        snapshot: fields.snapshot.trim(),
        window_end: fields.window_end.trim(),
        budget_usd: Number(fields.budget),
        repositories: [{ name: fields.repo.trim(), language: fields.language.trim(), ...source }],
      },
    });
    router.push(`/admin/builds/${build.id}`);
    return build;
  };
  return (
    <PostForm
      failure="The build could not be started."
      idle="Start the build"
      save={start}
      done={() => "Build started."}
    >
      {field("slug", "Benchmark slug", { required: true, pattern: "[a-z0-9][a-z0-9-]*" })}
      {field("name", "Name", { required: true })}
      {field("version", "New version", { required: true })}
      {field("snapshot", "Snapshot T0 (commit or YYYY-MM-DD)", { required: true })}
      {field("window_end", "Window end T1 (YYYY-MM-DD, exclusive)", { required: true, type: "date" })}
      {field("budget", "Budget (USD; an estimate above it waits for approval)", {
        type: "number",
        min: 0,
        step: "any",
      })}
      {field("repo", "Repository (owner/name)", { required: true })}
      {field("language", "Language", { required: true })}
      <FormInput
        label="Git bundle (git bundle create repo.bundle --all)"
        type="file"
        required
        onChange={(e) => setBundle(e.target.files?.[0] ?? null)}
      />
    </PostForm>
  );
}
