-- SQLite's default BINARY collation already compares bytewise (see the PostgreSQL file).
SELECT 1;
