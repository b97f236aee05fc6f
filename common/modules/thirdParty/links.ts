/** The share links' API contract (routes under /api/third-party/links, public under /api/shared). */
export {};
