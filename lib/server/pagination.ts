import { z } from "zod";

// Page-number pagination for the account and admin lists: links stay shareable (?page=3) and the total is shown.
export const pageQuerySchema = {
  page: z.coerce.number().int().min(1, "must be 1 or more").max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
};

/** The page number of a page's `?page=` parameter; anything that is not a valid page number reads as the first page. */
export function pageFromSearchParam(value: unknown): number {
  return pageQuerySchema.page.safeParse(value).data ?? 1;
}

export type PageInfo = { page: number; per_page: number; total: number; pages: number };

export function pageInfo(total: number, page: number, perPage: number): PageInfo {
  return { page, per_page: perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** Prisma's skip/take for a page. */
export function pageWindow(page: number, perPage: number): { skip: number; take: number } {
  return { skip: (page - 1) * perPage, take: perPage };
}
