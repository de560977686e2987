/** 'Relatórios': how a year's classes went, read from the database (reports/report-store.ts). */
import fp from 'fastify-plugin';
import { readReports } from '../../reports/report-store.js';

export const reportsService = fp(
  async (app) => {
    const { db } = app.database;
    app.decorate('reports', { ofYear: (year?: number) => readReports(db, year) });
  },
  { name: 'reports', dependencies: ['database'] },
);
