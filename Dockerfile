# probebench: one image for web, worker and the one-shot migration (see docker-compose.yml).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx next build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
# The web server writes its page cache under .next at run time, so the app folder belongs to the runtime user.
COPY --from=build --chown=node:node /app /app
# SNAPSHOT_STORE in docker-compose.yml: a named volume takes this folder's owner when first mounted.
RUN mkdir -p /snapshots && chown node:node /snapshots
USER node
EXPOSE 3000
CMD ["npm", "start"]
