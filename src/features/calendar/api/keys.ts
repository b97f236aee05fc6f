/** The calendar's query keys, named once: every query and every invalidation use these. */
export const calendarKeys = {
  all: ['calendar'] as const,
  items: () => ['calendar', 'items'] as const,
  range: (from: string, to: string) => ['calendar', 'items', from, to] as const,
  feed: () => ['calendar', 'feed'] as const,
};
