-- The part of the prompt tokens a provider's prefix cache served (prompt_tokens_details.cached_tokens), for the panel,
-- attribution and the audit agents as the judge usage record has it, billed at the model cached-input price
ALTER TABLE "PanelRun" ADD COLUMN "spentCachedInputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "AttributionRun" ADD COLUMN "cachedInputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ReferenceAttributionRun" ADD COLUMN "cachedInputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "AuditRun" ADD COLUMN "cachedInputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "AuditPass" ADD COLUMN "cachedInputTokens" INTEGER NOT NULL DEFAULT 0;
