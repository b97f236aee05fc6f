/** The outside companies' API contract (routes under /api/third-party/companies...). */
export {};
