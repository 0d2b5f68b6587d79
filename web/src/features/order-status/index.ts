export { orderStatusApi, useGetOrderByTokenQuery, type BuyerOrder } from './api';
