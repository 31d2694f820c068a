export const root: string;
export const serverMain: string;
export function buildIsStale(): boolean;
export function startNodeFlags(): string[];
