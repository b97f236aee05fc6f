/** The dashboard's query keys, named once: its query and every invalidation use these. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};
