// Schemas of the reviews area (issue 4); filled in by its builder.
export {};
