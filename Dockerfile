# One image for both process kinds: `npm run start:api` and `npm run start:worker`.
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
USER node
EXPOSE 3000
CMD ["npm", "run", "start:api"]
