-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "dice_seal_seq" INTEGER,
ADD COLUMN     "dice_version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "seats" ADD COLUMN     "commitment" TEXT,
ADD COLUMN     "committed_by" TEXT,
ADD COLUMN     "value" TEXT;
