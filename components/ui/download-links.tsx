/**
 * The CSV and JSON downloads of an API list; `api` already has a query string (the CSV adds `&format=csv`). `label`
 * says what is downloaded when the page offers more than one list.
 */
export function DownloadLinks({ api, label = "Download" }: { api: string; label?: string }) {
  return (
    <p className="downloads">
      {`${label}:`}{" "}
      <a href={`${api}&format=csv`} download>
        CSV
      </a>{" "}
      · <a href={api}>JSON</a>
    </p>
  );
}
