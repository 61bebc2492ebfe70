import { type PageInfo, pageQuerySchema } from "../contracts/common";

/** The page number of a page's `?page=` parameter; anything that is not a valid page number reads as the first page. */
export function pageFromSearchParam(value: unknown): number {
  return pageQuerySchema.page.safeParse(value).data ?? 1;
}

export function pageInfo(total: number, page: number, perPage: number): PageInfo {
  return { page, per_page: perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** Prisma's skip/take for a page. */
export function pageWindow(page: number, perPage: number): { skip: number; take: number } {
  return { skip: (page - 1) * perPage, take: perPage };
}
