-- CreateTable
CREATE TABLE "server_processes" (
    "id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "alive_until" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "server_processes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match_leases" (
    "match_id" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "taken_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_leases_pkey" PRIMARY KEY ("match_id")
);

-- CreateIndex
CREATE INDEX "match_leases_owner_idx" ON "match_leases"("owner");
