/** A report's figures as a table, with 'Baixar CSV' (the same figures as a file). */
import { saveFile } from '~/lib/save-file';
import { csvOf, type ReportTable } from '../report-tables';

export function ReportTableView({ table }: { table: ReportTable }) {
  const download = () =>
    saveFile(new Blob([csvOf(table)], { type: 'text/csv;charset=utf-8' }), `${table.fileName}.csv`);
  return (
    <div className="reports__table">
      <table className="staff__table">
        <caption>{table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row" data-label={table.columns[j]}>
                    {cell}
                  </th>
                ) : (
                  <td key={j} data-label={table.columns[j]}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="btn btn-outline reports__download" onClick={download}>
        Baixar CSV
        <span className="visually-hidden">: {table.title}</span>
      </button>
    </div>
  );
}
