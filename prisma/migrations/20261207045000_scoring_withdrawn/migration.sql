-- AlterEnum
ALTER TYPE "ScoringStatus" ADD VALUE 'withdrawn';
