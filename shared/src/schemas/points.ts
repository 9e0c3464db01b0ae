// Schemas of the points area (issue 4); filled in by its builder.
export {};
