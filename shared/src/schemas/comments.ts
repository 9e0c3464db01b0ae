// Schemas of the comments area (issue 4); filled in by its builder.
export {};
