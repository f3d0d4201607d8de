/**
 * A timestamptz as the JSON the APIs give (Date's toISOString: UTC, milliseconds), written by
 * PostgreSQL inside a json_build_object; NULL stays NULL (JSON null).
 */
export const isoTime = (expression: string) =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
