package dev.brisk.benchmarks.rpc;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * One page of a listing: its number, the total count of items, and the items of the page.
 *
 * @param <T> the item type
 */
public class Page<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private int pageNo;
    private int total;
    private List<T> result;

    public int getPageNo() {
        return pageNo;
    }

    public void setPageNo(int pageNo) {
        this.pageNo = pageNo;
    }

    public int getTotal() {
        return total;
    }

    public void setTotal(int total) {
        this.total = total;
    }

    public List<T> getResult() {
        return result;
    }

    public void setResult(List<T> result) {
        this.result = result;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Page<?> page
                && pageNo == page.pageNo
                && total == page.total
                && Objects.equals(result, page.result);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pageNo, total, result);
    }

    @Override
    public String toString() {
        return "Page[pageNo=" + pageNo + ", total=" + total + ", result=" + result + "]";
    }
}
