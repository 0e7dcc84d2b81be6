/** "Showing x–y of z" numbers for a 1-based page (SPEC §2 pagination text). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number; total: number; pages: number } {
  const size = Math.max(1, Math.floor(pageSize));
  const count = Math.max(0, Math.floor(total));
  const pages = Math.max(1, Math.ceil(count / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  if (count === 0) return { from: 0, to: 0, total: 0, pages };
  const from = (current - 1) * size + 1;
  return { from, to: Math.min(current * size, count), total: count, pages };
}
