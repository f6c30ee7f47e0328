-- AlterTable
ALTER TABLE "actions" ADD COLUMN     "unshared" BOOLEAN NOT NULL DEFAULT false;
