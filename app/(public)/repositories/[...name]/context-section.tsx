import { getCurrentUser } from "@/lib/server/auth/current-user";
import { getContextDocument } from "@/lib/server/context/context-documents";
import { ContextDocumentEditor } from "@/components/audit-runs/context-document-editor";
import { CONTEXT_KINDS } from "@/lib/contracts/context-documents";

/** The repository's context documents, for maintainers and admins only (other visitors see nothing of them). */
export async function ContextSection({ benchmarkKey, repository }: { benchmarkKey: string; repository: string }) {
  const user = await getCurrentUser();
  if (!user || (user.role !== "maintainer" && user.role !== "admin")) return null;
  const views = await Promise.all(CONTEXT_KINDS.map((kind) => getContextDocument(benchmarkKey, repository, kind)));
  return (
    <section aria-labelledby="context-documents">
      <h2 id="context-documents">Context documents</h2>
      {views.map((v) => (
        <ContextDocumentEditor key={v.kind} initial={v} benchmark={benchmarkKey} repository={repository} />
      ))}
    </section>
  );
}
