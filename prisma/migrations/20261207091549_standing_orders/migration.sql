-- AlterTable
ALTER TABLE "seats" ADD COLUMN     "orders" JSONB;
