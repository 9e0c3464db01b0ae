// Schemas of the tips area (issue 4); filled in by its builder.
export {};
