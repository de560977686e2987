/**
 * GET /api/staff/courses/:slug/export.csv | .xlsx: the file is fetched with the bearer token (a
 * plain link could not carry it), then saved through a temporary link to the downloaded blob.
 */
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchFile } from '~/lib/api-client';

export type ExportFormat = 'csv' | 'xlsx';

export async function downloadExport(
  slug: string,
  format: ExportFormat,
  token: string,
): Promise<void> {
  const paths = staffCoursePaths(slug);
  const { blob, fileName } = await fetchFile(
    format === 'csv' ? paths.exportCsv : paths.exportXlsx,
    { bearer: token },
  );
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName ?? `${slug}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
