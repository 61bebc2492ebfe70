/** The CSV and JSON downloads of an API list; `api` already has a query string (the CSV adds `&format=csv`). */
export function DownloadLinks({ api }: { api: string }) {
  return (
    <p className="downloads">
      Download:{" "}
      <a href={`${api}&format=csv`} download>
        CSV
      </a>{" "}
      · <a href={api}>JSON</a>
    </p>
  );
}
