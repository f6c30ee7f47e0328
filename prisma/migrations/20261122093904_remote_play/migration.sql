-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "creator_hash" TEXT,
ADD COLUMN     "ended_at" TIMESTAMP(3),
ADD COLUMN     "listed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "move_deadline_ms" INTEGER,
ADD COLUMN     "rematch_id" TEXT,
ADD COLUMN     "rematch_swap" BOOLEAN,
ADD COLUMN     "result" JSONB,
ALTER COLUMN "status" SET DEFAULT 'waiting';

-- AlterTable
ALTER TABLE "seats" ADD COLUMN     "claimed_at" TIMESTAMP(3),
ADD COLUMN     "due_at" TIMESTAMP(3),
ADD COLUMN     "overdue_at" TIMESTAMP(3),
ADD COLUMN     "reminded_at" TIMESTAMP(3),
ADD COLUMN     "webhook_secret" TEXT;

-- AlterTable
ALTER TABLE "actions" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'action',
ADD COLUMN     "reveals" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "snapshots" ALTER COLUMN "state" SET DATA TYPE JSON;

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" SERIAL NOT NULL,
    "match_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "sender" TEXT NOT NULL,
    "name" TEXT,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chat_messages_match_id_channel_id_idx" ON "chat_messages"("match_id", "channel", "id");

-- CreateIndex
CREATE UNIQUE INDEX "matches_creator_hash_key" ON "matches"("creator_hash");

-- CreateIndex
CREATE INDEX "matches_status_listed_idx" ON "matches"("status", "listed");

-- CreateIndex
CREATE INDEX "seats_due_at_idx" ON "seats"("due_at");

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
