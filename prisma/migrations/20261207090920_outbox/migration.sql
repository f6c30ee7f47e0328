-- CreateTable
CREATE TABLE "outbox" (
    "key" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "start_after" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL,
    "relayed_at" TIMESTAMP(3),

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "notice_deliveries" (
    "key" TEXT NOT NULL,
    "delivered_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notice_deliveries_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "outbox_relayed_at_created_at_idx" ON "outbox"("relayed_at", "created_at");
