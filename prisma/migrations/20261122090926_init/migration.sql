-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "matches" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "seed" TEXT NOT NULL,
    "seed_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "seq" INTEGER NOT NULL DEFAULT 0,
    "setup_log" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seats" (
    "id" TEXT NOT NULL,
    "match_id" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "name" TEXT,
    "notify" JSONB,

    CONSTRAINT "seats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "actions" (
    "match_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "side" TEXT NOT NULL,
    "private" BOOLEAN NOT NULL DEFAULT false,
    "payload" JSONB NOT NULL,
    "log" JSONB NOT NULL DEFAULT '[]',
    "rolls" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "actions_pkey" PRIMARY KEY ("match_id","seq")
);

-- CreateTable
CREATE TABLE "snapshots" (
    "match_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "snapshots_pkey" PRIMARY KEY ("match_id","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "seats_token_hash_key" ON "seats"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "seats_match_id_side_key" ON "seats"("match_id", "side");

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "actions" ADD CONSTRAINT "actions_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
