import Link from "next/link";
import { type PageInfo } from "@/lib/contracts/common";

/** Previous / next links for a server-rendered list; keeps the page's other query parameters. */
export function Pager({
  info,
  path,
  params = {},
  noun,
}: {
  info: PageInfo;
  path: string;
  params?: Record<string, string | undefined>;
  noun: string;
}) {
  if (info.total <= info.per_page && info.page === 1) return null;
  const href = (page: number) => {
    const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
    if (page > 1) query.set("page", String(page));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  if (info.page > info.pages) {
    return (
      <nav className="pager" aria-label={`Pages of ${noun}`}>
        <span>{`Page ${info.page} is past the end (${info.total.toLocaleString("en-US")} ${noun}, ${info.pages} page${info.pages === 1 ? "" : "s"}).`}</span>
        <Link href={href(1)}>First page</Link>
      </nav>
    );
  }
  const first = Math.min(info.total, (info.page - 1) * info.per_page + 1);
  const last = Math.min(info.total, info.page * info.per_page);
  return (
    <nav className="pager" aria-label={`Pages of ${noun}`}>
      <span>{`${first}–${last} of ${info.total.toLocaleString("en-US")} ${noun}`}</span>
      {info.page > 1 ? (
        <Link href={href(info.page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-disabled="true">Previous</span>
      )}
      <span>{`Page ${info.page} of ${info.pages}`}</span>
      {info.page < info.pages ? (
        <Link href={href(info.page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span aria-disabled="true">Next</span>
      )}
    </nav>
  );
}
