#!/usr/bin/env node
// CI helper: when a PostgreSQL server answers on 127.0.0.1:5432, create a fresh database for this run and
// print its URL (the server tests then run on it). Prints nothing otherwise: the tests start an embedded PostgreSQL.
import pg from 'pg';

const adminUrl = process.env.CI_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bjk_ci_${Date.now()}_${process.pid}`;
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(url.toString());
} catch (error) {
  console.error(`no PostgreSQL for the tests (${error.message}); the tests start an embedded PostgreSQL`);
} finally {
  await client.end().catch(() => {});
}
