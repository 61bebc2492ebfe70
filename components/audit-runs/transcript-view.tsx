const PRE = { whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: "6px 0 0" } as const;

type Message = { role?: unknown; content?: unknown; tool_calls?: unknown; tool_call_id?: unknown };
type ToolCall = { id?: string; function?: { name?: string; arguments?: string } };

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  return JSON.stringify(value, null, 2);
}

/** A pass's transcript: one block per message; long prompts and outputs in disclosures. */
export function TranscriptView({ messages }: { messages: unknown[] }) {
  if (messages.length === 0) return <p className="card empty-state">No message yet: the pass has not started.</p>;
  return (
    <ol className="transcript" style={{ listStyle: "none", padding: 0, display: "grid", gap: 8 }}>
      {(messages as Message[]).map((m, i) => {
        const role = text(m.role);
        const content = text(m.content);
        const calls = Array.isArray(m.tool_calls) ? (m.tool_calls as ToolCall[]) : [];
        const long = content.length > 1_500;
        return (
          <li key={i} className="card" data-role={role}>
            <strong>{role === "tool" ? "tool result" : role}</strong>
            {content &&
              (long ? (
                <details>
                  <summary>
                    {content.slice(0, 200).replace(/\s+/g, " ")}… ({content.length.toLocaleString("en-US")} characters)
                  </summary>
                  <pre className="small" style={PRE}>
                    {content}
                  </pre>
                </details>
              ) : (
                <pre className="small" style={PRE}>
                  {content}
                </pre>
              ))}
            {calls.map((c, j) => (
              <pre key={j} className="small" style={PRE}>
                → {c.function?.name ?? "?"}({c.function?.arguments ?? ""})
              </pre>
            ))}
          </li>
        );
      })}
    </ol>
  );
}
