# VFM in one image: API, web app, ingest (and, in demo mode, the simulator).
#   docker build -t vfm .
#   docker run -p 3000:3000 -p 1883:1883 -v vfm-data:/app/data -e NODE_ENV=development vfm  # demo
#   docker run -p 3000:3000 -e NODE_ENV=production -e DATABASE_URL=… -e JWT_SECRET=… \
#     -e API_KEYS=… -e PUBLIC_URL=https://fleet.example.com vfm                 # production
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/demo-city/package.json packages/demo-city/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/simulator/package.json apps/simulator/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000 1883
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--expose-gc", "--import", "tsx", "apps/server/src/main.ts"]
