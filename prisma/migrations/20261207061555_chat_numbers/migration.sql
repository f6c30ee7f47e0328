-- DropIndex
DROP INDEX "chat_messages_match_id_channel_id_idx";

-- AlterTable: each message's number in its match's channel, the messages already stored
-- numbered in the order they were stored.
ALTER TABLE "chat_messages" ADD COLUMN     "number" INTEGER;
UPDATE "chat_messages" AS c SET "number" = n."number"
  FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "match_id", "channel" ORDER BY "id") AS "number" FROM "chat_messages") AS n
  WHERE c."id" = n."id";
ALTER TABLE "chat_messages" ALTER COLUMN "number" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "chat_messages_match_id_channel_number_key" ON "chat_messages"("match_id", "channel", "number");
