-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "clock" JSONB,
ADD COLUMN     "clock_pause_by" TEXT,
ADD COLUMN     "clock_paused_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "seats" ADD COLUMN     "bank_due_at" TIMESTAMP(3),
ADD COLUMN     "bank_ms" INTEGER,
ADD COLUMN     "bank_out_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "seats_bank_due_at_idx" ON "seats"("bank_due_at");
