/** A backup's default file name: `nt-team-stats-20261124T190500Z.tar.gz` (UTC, sorts by time). */
export function backupFileName(at: Date): string {
  return `nt-team-stats-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}
