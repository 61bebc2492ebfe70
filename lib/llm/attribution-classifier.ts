import {
  attributionReplyJsonSchema,
  attributionReplySchema,
  readTaxonomy,
  type Taxonomy,
  taxonomyHash,
} from "../attribution/taxonomy";
import type { Labeller } from "../attribution/labeller";
import { createStructuredClient, readAttributionModel } from "./panel-attribution-config";
import { loadPrompt, type PromptTemplate } from "./prompts";
import type { StructuredClient } from "./structured-client";

// The bug-type classifier's configuration (the paper's F.7.3): one prompt file, the taxonomy's reply schema, the model
// and the endpoint. Its hash is the cache key of every label and names the labeller of a comparison, so the worker
// (which classifies) and the pages (which say which labeller is configured) compute it in this one place.

const ATTRIBUTION_PROMPT = "bug-type-attribution";

/** What decides an answer and how to ask for it: the taxonomy, the prompt and the reply's schema, and their hashes. */
export type AttributionAsking = {
  taxonomy: Taxonomy;
  taxHash: string;
  prompt: PromptTemplate;
  replyJson: ReturnType<typeof attributionReplyJsonSchema>;
  reply: ReturnType<typeof attributionReplySchema>;
  promptHash: string;
};

export function attributionAsking(taxonomy: Taxonomy, client: Pick<StructuredClient, "configHash">): AttributionAsking {
  const prompt = loadPrompt(ATTRIBUTION_PROMPT);
  const replyJson = attributionReplyJsonSchema(taxonomy);
  return {
    taxonomy,
    taxHash: taxonomyHash(taxonomy),
    prompt,
    replyJson,
    reply: attributionReplySchema(taxonomy),
    promptHash: client.configHash({ template: prompt.body, reply: replyJson }),
  };
}

/** The labeller this deployment is configured with for a version's taxonomy, or why there is none. */
export function configuredLabeller(
  taxonomyValue: unknown,
): { ok: true; labeller: Labeller; promptVersion: string } | { ok: false; message: string } {
  const model = readAttributionModel();
  if (!model.ok) return model;
  const taxonomy = readTaxonomy(taxonomyValue);
  if (!taxonomy) return { ok: false, message: "This benchmark version has no bug-type taxonomy to attribute against." };
  const asking = attributionAsking(taxonomy, createStructuredClient("attribution"));
  return {
    ok: true,
    labeller: { model: model.model, promptHash: asking.promptHash, taxonomyHash: asking.taxHash },
    promptVersion: `${asking.prompt.name}@${asking.prompt.version}`,
  };
}
