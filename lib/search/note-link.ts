/** The link that opens a note at the first match of `query`. */
export function noteAtMatch(id: string, query: string): string {
  const q = query.trim();
  return q ? `/notes/${id}?q=${encodeURIComponent(q)}` : `/notes/${id}`;
}
